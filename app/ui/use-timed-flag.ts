import { useEffect, useState } from "react";

/**
 * True for `ms` milliseconds each time `key` changes to a new non-empty value: for messages that show for a while
 * (spec §9: success messages 3 s).
 */
export function useTimedFlag(key: unknown, ms: number): boolean {
  const [shown, setShown] = useState(Boolean(key));
  useEffect(() => {
    if (!key) return;
    setShown(true);
    const timer = setTimeout(() => setShown(false), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return shown && Boolean(key);
}
