// Types for the JavaScript in this folder, for `tsc --checkJs` (`nox -s lint`; see
// tsconfig.json). Nothing here is sent to pages: each .js file is one function
// expression that Playwright or CDP evaluates (see _js.py).

/** What js/pristine.js keeps under Symbol.for('browserkit.pristine') in the page's world. */
interface BrowserkitPristine {
  MutationObserver: typeof MutationObserver;
  setTimeout: (handler: () => void, ms?: number) => number;
  clearTimeout: (id?: number) => void;
  querySelectorAll: typeof Document.prototype.querySelectorAll;
  elementFromPoint: typeof Document.prototype.elementFromPoint;
  documentAnimations: typeof Document.prototype.getAnimations;
  rootAnimations: typeof ShadowRoot.prototype.getAnimations;
  shadowRoots: () => ShadowRoot[];
  /** Ms until the last pending short timer an event set (since, of at most maxMs) is due; 0: none. */
  timersDue: (since: number, maxMs: number) => number;
  promiseThen: typeof Promise.prototype.then;
  /** Whether mutation records change anything (not only same-value attribute writes). */
  changes: (records: MutationRecord[]) => boolean;
  now: () => number;
  /** js/dom_quiet.js, installed by the init script to be called by name. */
  domQuiet?: (args: number[]) => Promise<[boolean, number]>;
}

/** One node of dom()'s answer (js/reading_world_dom.js). */
interface DomNode {
  tag: string;
  id?: string | null;
  classes?: string[];
  ref?: string;
  text?: string;
  child_count: number;
  children: DomNode[];
  truncated?: boolean;
  /** The page node it describes, while the tree is being built. */
  _node?: Node;
}

/** The pin map of Playwright's utility world (js/pins.js). */
interface BrowserkitPins {
  pin(el: Element, key: string): true;
  /** The element pinned under `key`, 'gone' once removed, 'lost' when not of this document. */
  state(key: string): Element | 'gone' | 'lost';
}

/** The reading library as its parts build it (js/reading_world*.js): the core's
 * members, then what each part adds, which later parts use by name. */
interface ReadingLib {
  TOKEN: string;
  refFor(el: Node): string;
  elementFor(n: number): Element | undefined;
  firstId(): number;
  maxId(): number;
  clean(s: string | null | undefined): string;
  cap(s: string, n: number): string;
  isEl(n: unknown): boolean;
  /** Members the parts add (paths, dom, controls, scan). */
  [member: string]: any;
}

/** A reading-library part: what it adds to the library. */
type ReadingPart = (lib: ReadingLib) => Record<string, unknown>;
