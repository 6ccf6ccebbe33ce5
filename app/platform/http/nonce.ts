/**
 * The Content-Security-Policy nonce of the page being rendered. The server makes a new one per request; the entry
 * renders it into every inline script and style it emits, and the CSP header allows only those.
 */
import { createContext as createReactContext } from "react";
import { createContext } from "react-router";

/** Router context key: the request's nonce, set by the Express app. */
export const nonceContext = createContext<string>("");

/** React context: the nonce for components that render inline scripts or styles (root Layout). */
export const NonceContext = createReactContext<string>("");
