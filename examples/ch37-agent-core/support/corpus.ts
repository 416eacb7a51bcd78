import type { Corpus } from "../research-agent.ts";

/** A small release-notes corpus for the demonstrations; the texts are invented. */
export const releaseCorpus: Corpus = {
  "notes-1": "Release 2.4 shipped on 3 March after the final regression run passed on every supported platform.",
  "notes-2": "The release checklist requires two approvals before a tag is pushed to the public mirror.",
  "memo-7": "Memo: the installer rewrite slipped to the next quarter; the release of 2.4 did not include it.",
  "ticket-311": "Ticket 311 reports that the dark theme flickers on startup. Status: open, not release-blocking.",
};
