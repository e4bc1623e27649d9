// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchAhead } from "../../islands/offline-cache/fetch-ahead";

/** Code needed offline is fetched by the service worker's precache where there is one, else by the page once idle. */
describe("fetching code ahead for offline use", () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, "serviceWorker");
    vi.useRealTimers();
  });

  it("has the page fetch it once idle where no service worker keeps it (an insecure origin)", async () => {
    vi.useFakeTimers();
    expect("serviceWorker" in navigator).toBe(false);
    const load = vi.fn(() => Promise.resolve());
    fetchAhead(load);
    expect(load).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("leaves it to the service worker's precache where there is one, and a failed fetch stays quiet", async () => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, "serviceWorker", { value: {}, configurable: true });
    const kept = vi.fn(() => Promise.resolve());
    fetchAhead(kept);
    await vi.runAllTimersAsync();
    expect(kept).not.toHaveBeenCalled();

    // The same page without a worker does fetch: the call above was heard and declined.
    Reflect.deleteProperty(navigator, "serviceWorker");
    const failing = vi.fn(() => Promise.reject(new Error("offline")));
    fetchAhead(failing);
    await vi.runAllTimersAsync();
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
