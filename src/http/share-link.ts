/** A path carrying a share link's id, as every redirect that keeps the link builds it. */
export const withShareId = (path: string, shareId: string | undefined) =>
  shareId ? `${path}?shareId=${encodeURIComponent(shareId)}` : path;
