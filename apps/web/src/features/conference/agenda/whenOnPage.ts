/**
 * Calls `arrive` with the element of that id as soon as it is on the page: at once if it is there,
 * else when it appears (a day draws its later sessions a moment after its first, and "My agenda"
 * shows its parts once the stars have loaded). Returns what stops the wait.
 */
export function whenOnPage(elementId: string, arrive: (element: HTMLElement) => void): () => void {
  const present = document.getElementById(elementId);
  if (present) {
    arrive(present);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const element = document.getElementById(elementId);
    if (!element) return;
    observer.disconnect();
    arrive(element);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
