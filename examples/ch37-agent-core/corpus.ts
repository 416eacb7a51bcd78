import type { EvidenceItem } from "./lookup-evidence.ts";

/** A small release-notes corpus for the demonstrations; the texts are invented. */
export const releaseCorpus: readonly EvidenceItem[] = [
  {
    id: "notes-1",
    text: "Release 2.4 shipped on 3 March after the final regression run passed on every supported platform.",
  },
  {
    id: "notes-2",
    text: "The release checklist requires two approvals before a tag is pushed to the public mirror.",
  },
  {
    id: "memo-7",
    text: "Memo: the installer rewrite slipped to the next quarter; the release of 2.4 did not include it.",
  },
  {
    id: "ticket-311",
    text: "Ticket 311 reports that the dark theme flickers on startup. Status: open, not release-blocking.",
  },
];
