// Where two runs part, as a reader compares them: the first item that differs, ours above
// theirs so that the eye runs down one column, then whatever follows in each.

/** One part of what a run produced, named: `message 3`, `details`. */
export type Item = [name: string, json: string];

/**
 * `title`, then the first item where `ours` and `theirs` differ, aligned, then the rest of
 * each (or undefined when they agree). Items before the first difference are equal, so only
 * their count is said.
 */
export function firstDifference(title: string, ours: readonly Item[], theirs: readonly Item[]): string | undefined {
  const at = Array.from({ length: Math.max(ours.length, theirs.length) }).findIndex(
    (_, i) => ours[i]?.[1] !== theirs[i]?.[1],
  );
  if (at < 0) return undefined;
  const name = (ours[at] ?? theirs[at])![0];
  const same = at === 0 ? "" : ` (the ${at} before it agree)`;
  // Two spaces at least after the name: a wrapped item continues under its own start.
  const side = (who: string, items: readonly Item[]) => `  ${who.padEnd(6)}  ${items[at]?.[1] ?? "(nothing)"}`;
  const rest = (who: string, items: readonly Item[]) => {
    const after = items.slice(at + 1);
    return after.length === 0 ? [] : [`  then ${who}: ${after.map(([n, json]) => `${n} ${json}`).join(", ")}`];
  };
  return [
    `${title}, first at ${name}${same}:`,
    side("ours", ours),
    side("theirs", theirs),
    ...rest("ours", ours),
    ...rest("theirs", theirs),
  ].join("\n");
}
