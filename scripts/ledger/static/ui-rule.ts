import type { PackageJson } from "./installed.ts";

/**
 * The rule that decides whether a package is a UI/TUI package, stated once so every
 * evidence line can name it.
 *
 * A package counts as UI/TUI when its name is on UI_PACKAGE_NAMES, starts with one of
 * UI_NAME_PREFIXES, or lists one of UI_KEYWORDS among its package.json keywords.
 * Terminal styling and prompt libraries (chalk, ora, inquirer…) count too, which makes
 * "no UI package" the stricter claim. Descriptions are not matched: they are prose, and
 * the Bedrock client's mentions "React Native" as a platform it runs on.
 */
export const UI_RULE =
  "UI/TUI = name on an explicit list (ink, react, blessed, terminal-kit, chalk, inquirer, ora, pi-tui, pi-coding-agent…), " +
  "a listed prefix (ink-, @inquirer/, @clack/) or a package.json keyword among tui, ui, gui, terminal, terminal-ui, cli-ui, " +
  "curses, react, ink, widget, ansi, color, colors, console, prompt, spinner; descriptions are not matched";

/** How evidence lines name the rule; appendix A states it in full. */
export const UI_RULE_NAME = "UI rule of appendix A (listed names, prefixes, keywords; not descriptions)";

export const UI_PACKAGE_NAMES: readonly string[] = [
  "@earendil-works/pi-tui",
  "@earendil-works/pi-coding-agent",
  "ink",
  "react",
  "react-dom",
  "preact",
  "vue",
  "svelte",
  "blessed",
  "neo-blessed",
  "blessed-contrib",
  "terminal-kit",
  "node-pty",
  "chalk",
  "ansi-styles",
  "ansi-escapes",
  "kleur",
  "picocolors",
  "colorette",
  "supports-color",
  "cli-cursor",
  "log-update",
  "boxen",
  "figures",
  "ora",
  "cli-spinners",
  "listr",
  "listr2",
  "inquirer",
  "prompts",
  "enquirer",
];

export const UI_NAME_PREFIXES: readonly string[] = ["ink-", "@inquirer/", "@clack/", "@opentui/"];

export const UI_KEYWORDS: readonly string[] = [
  "tui",
  "ui",
  "gui",
  "terminal",
  "terminal-ui",
  "cli-ui",
  "curses",
  "ncurses",
  "react",
  "ink",
  "widget",
  "widgets",
  "ansi",
  "color",
  "colors",
  "console",
  "prompt",
  "spinner",
];

/** Whether a package is UI/TUI under {@link UI_RULE}, and the reason in a few words. */
export interface UiVerdict {
  ui: boolean;
  reason: string;
}

/** Classifies one package under {@link UI_RULE}. */
export function classifyUi(pkg: Pick<PackageJson, "name" | "keywords">): UiVerdict {
  if (UI_PACKAGE_NAMES.includes(pkg.name)) return { ui: true, reason: `name ${pkg.name} is on the UI list` };
  const prefix = UI_NAME_PREFIXES.find((p) => pkg.name.startsWith(p));
  if (prefix !== undefined) return { ui: true, reason: `name starts with ${prefix}` };
  const keywords = (pkg.keywords ?? []).map((k) => k.toLowerCase());
  const hit = keywords.find((k) => UI_KEYWORDS.includes(k));
  if (hit !== undefined) return { ui: true, reason: `keyword "${hit}"` };
  return {
    ui: false,
    reason:
      keywords.length === 0
        ? "name not on the UI list; no keywords"
        : `name not on the UI list; keywords ${keywords.join(", ")} match no UI marker`,
  };
}
