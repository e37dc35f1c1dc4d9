// @ts-check
// Stops a document's dialog storm: its alert, confirm and prompt return at once
// (as if dismissed) without opening anything. Run over CDP in the page's own
// world, since that is where the page calls them; only for a document that
// storms or that a navigation leaves. Chromium cannot answer a dialog that opens
// while a navigation starts, and such a dialog would hold the tab for good.
() => {
  const answers = { alert: undefined, confirm: false, prompt: null };
  for (const [name, answer] of Object.entries(answers)) {
    try {
      Object.defineProperty(window, name, { value: () => answer, writable: false, configurable: false });
    } catch {
      // Already made unconfigurable (by the page, or by an earlier call): nothing more to do.
    }
  }
}
