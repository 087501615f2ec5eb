import { useEffect, useState } from "react";
import { useTranslation } from "~/utils/translator";
import type { KeyOf } from "~/utils/translation-keys";

interface ToastData {
  kind: "success" | "error";
  /** a key of the messages namespace */
  key: KeyOf<"messages">;
  durationMs?: number;
}

/** A flash message from the server; polite for success, assertive for errors. */
export function Toast({ toast }: { toast: ToastData }) {
  const { t } = useTranslation("messages");
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), toast.durationMs ?? 4000);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"} data-testid="toast">
      {t(toast.key)}
    </div>
  );
}
