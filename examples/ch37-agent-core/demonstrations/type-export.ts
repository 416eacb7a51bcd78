import { Type } from "@earendil-works/pi-ai";
import { LookupParams } from "../support/book-research-agent.ts";

/** What `Type`, imported from pi-ai as the chapter's listing does, is at run time. */
export interface TypeExportRun {
  typeofType: string;
  typeofObjectBuilder: string;
  /** The JSON Schema the listing's LookupParams became. */
  lookupParamsSchema: { type: unknown; queryType: unknown; required: unknown };
}

/** Reads the runtime `Type` export and the schema it built for the listing. */
export function inspectTypeExport(): TypeExportRun {
  return {
    typeofType: typeof Type,
    typeofObjectBuilder: typeof Type?.Object,
    lookupParamsSchema: {
      type: LookupParams.type,
      queryType: LookupParams.properties.query.type,
      required: LookupParams.required,
    },
  };
}
