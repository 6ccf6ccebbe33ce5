// First: no error stacks while React DOM's module evaluates (see the module's docstring).
import "#app/platform/http/quiet-error-stacks.client.ts";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router's default client entry, after the import above.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
