import * as z from "zod";

/** POST /api/guest-name: a share-link guest asks whether a display name may be used (docs/product-rules.md#guests). */
export const guestNameSchema = z.object({ name: z.string({ error: "name must be text" }).max(200) });
export type GuestNameInput = z.infer<typeof guestNameSchema>;
