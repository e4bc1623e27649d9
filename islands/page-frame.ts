/**
 * @module The islands of every page's frame, one chunk (docs/decisions/065-page-bundles.md): the
 * header's search and bell, the toasts, the live connection and the signed-out notice. All of them
 * are deferred (islands/deferred.ts), so the chunk is not preloaded and never delays a first tap.
 */
export { default as Toaster } from "./Toaster";
export { default as LiveUpdates } from "./realtime/LiveUpdates";
export { default as SessionRecovery } from "./SessionRecovery";
export { default as Bell } from "./notifications/Bell";
export { default as SearchButton } from "./search/SearchButton";
