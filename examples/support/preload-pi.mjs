// @ts-check
// Imported by a child process ahead of its loader flags (see preload-pi.ts). Pi's packages
// are plain JavaScript, and typebox alone is some 670 modules: imported after tsx has
// registered its hooks, each is a round trip to the hooks' thread (about 1 s of CPU and 30 MB
// per process); imported first, the child's own imports of Pi find them loaded.
await import("@earendil-works/pi-agent-core");
await import("@earendil-works/pi-ai");
