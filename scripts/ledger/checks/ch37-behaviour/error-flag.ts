import { notCheckable, qualified, verdictOf, type CheckResult } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { facts, list } from "../evidence.ts";

const wirePayloads = listingsOf(import.meta.url)(
  () => import("../../../../examples/ch37-agent-core/demonstrations/wire-payloads.ts"),
);

/**
 * The book's case holds: whether every chat adapter of pi-ai lets the model tell an error
 * result from a plain one, or which send the two alike (`what` names the result).
 */
export async function errorFlagVerdict(bookCase: string, what: string): Promise<CheckResult> {
  const wire = await (await wirePayloads()).errorFlagOnWire();
  const captured = wire.flatMap((w) => (w.captured ? [w] : []));
  const alike = captured.filter((w) => !w.distinguishable).map((w) => w.api);
  const marked = captured.filter((w) => w.distinguishable).map((w) => w.api);
  const missed = wire.flatMap((w) => (w.captured ? [] : [`${w.api} (${w.reason})`]));
  const across = `${what} in the request body of each of pi-ai's ${wire.length} chat adapters: marked as an error by ${list(marked)}`;
  if (alike.length > 0)
    return qualified(
      facts(bookCase, across),
      `${list(alike)} send${alike.length === 1 ? "s" : ""} ${what} exactly as the same result without isError: the model can tell it only from the text`,
    );
  if (missed.length > 0) return notCheckable(facts(bookCase, across, `not captured: ${missed.join(", ")}`));
  return verdictOf(true, facts(bookCase, across));
}
