/**
 * @module Imported first by client.tsx, before any schema is built: zod otherwise probes for
 * `new Function` support, which the CSP refuses and reports as a violation (DESIGN §11).
 */
import * as z from "zod";

z.config({ jitless: true });
