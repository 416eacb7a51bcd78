// The floor under a counterexample that imports Pi: Node, tsx and Pi's two packages, nothing run.
import "@earendil-works/pi-agent-core";
import "@earendil-works/pi-ai";
