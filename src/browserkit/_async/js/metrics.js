// @ts-check
// Viewport size, scroll offset and document size, for screenshots.
() => {
  const d = document.documentElement, b = document.body;
  return [innerWidth, innerHeight, scrollX, scrollY,
          Math.max(d.scrollWidth, b ? b.scrollWidth : 0),
          Math.max(d.scrollHeight, b ? b.scrollHeight : 0)];
}
