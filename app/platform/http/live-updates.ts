/**
 * Live updates in an open page: listens to the server's change stream (/api/changes, server-sent events) and
 * reloads the route data when one of `topics` changes. Without JavaScript nothing happens; the page is still current
 * when loaded.
 */
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { Topic } from "#app/platform/data/topics.ts";

export function useLiveUpdates(topics: readonly Topic[]): void {
  const { revalidate } = useRevalidator();
  const key = topics.join(",");
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const wanted = new Set(key.split(","));
    const source = new EventSource("/api/changes");
    source.addEventListener("change", (event) => {
      const { topics: changed } = JSON.parse((event as MessageEvent<string>).data) as { topics: string[] };
      if (changed.some((t) => wanted.has(t))) void revalidate();
    });
    return () => source.close();
  }, [key, revalidate]);
}
