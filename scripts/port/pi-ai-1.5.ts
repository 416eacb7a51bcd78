// What the release hook serves the chapters' modules in place of @earendil-works/pi-ai
// when the 1.5 port applies: the release's own pi-ai (the hook resolves the import below
// to it, since this file is not a chapter module) plus the names the port moves. Static
// and TSchema are types, erased at run time; Type is the only value the port adds.
export * from "@earendil-works/pi-ai";
export { Type } from "typebox";
