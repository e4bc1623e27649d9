import { useEffect } from "react";
import { rememberPendingShare } from "./pending-share";
import { Spinner } from "./ui/Icon";

export interface SharedAccessProps {
  shareId: string;
}

/**
 * /shared-access: session storage only exists in the browser, so this page stores the
 * shareId as the pending share (`pendingShareId`) and then moves on to /.
 */
export default function SharedAccess({ shareId }: SharedAccessProps) {
  useEffect(() => {
    rememberPendingShare(shareId);
    window.location.replace("/");
  }, [shareId]);
  return (
    <div className="shared-access stack" role="status">
      <Spinner label="Opening shared list" />
      <p>Opening the shared list…</p>
    </div>
  );
}
