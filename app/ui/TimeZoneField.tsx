import { useEffect, useRef, useState } from "react";
import type { FormResult } from "#app/platform/text/forms.ts";
import { canonicalZone, groupZones, zoneLabel } from "#app/platform/text/time-zones.ts";

/**
 * The association's time zone (issue 26): the canonical IANA zones grouped by region (`<optgroup>`), with its error
 * tied to it like a `FormField`'s. The server renders the saved zone selected (an old name such as `Asia/Calcutta`
 * shown as today's `Asia/Kolkata`); once the scripts run, the browser's own zone is offered first, and with
 * `preferBrowserZone` (/setup, where nothing is saved yet) it is chosen too unless the person already chose one.
 * Intl is read only then, after hydration (decision 018 keeps it out of page loads).
 */
export function TimeZoneField({ zones, result, defaultValue, preferBrowserZone = false }: { zones: readonly string[]; result?: FormResult | null; defaultValue: string; preferBrowserZone?: boolean }) {
  const error = result?.fieldErrors?.timeZone;
  const [browserZone, setBrowserZone] = useState<string | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  const chosen = useRef(false);
  const submitted = result?.values?.timeZone;

  useEffect(() => {
    const own = canonicalZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? "");
    if (zones.includes(own)) setBrowserZone(own);
  }, [zones]);

  useEffect(() => {
    const current = select.current;
    // Only while the server's choice stands: not over a choice made before or after the scripts ran, nor one the
    // form sent back (a refused save).
    const untouched = current !== null && !chosen.current && submitted === undefined && current.value === canonicalZone(defaultValue);
    if (browserZone && preferBrowserZone && untouched) current.value = browserZone;
  }, [browserZone, preferBrowserZone, submitted, defaultValue]);

  return (
    <div>
      <label htmlFor="timeZone">Time zone</label>
      <select
        ref={select}
        id="timeZone"
        name="timeZone"
        defaultValue={canonicalZone(submitted ?? defaultValue)}
        onChange={() => (chosen.current = true)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "timeZone-error" : undefined}
      >
        {browserZone && (
          <optgroup label="This device's time zone">
            <option value={browserZone}>{zoneLabel(browserZone)}</option>
          </optgroup>
        )}
        {groupZones(zones).map((group) => (
          <optgroup key={group.region} label={group.region}>
            {group.zones.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {error && (
        <p id="timeZone-error" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
