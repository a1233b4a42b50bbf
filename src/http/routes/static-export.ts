import type { Static } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import type { StaticExportService } from "../../services/static-export.ts";
import { linkBase } from "../link-base.ts";
import {
  BODY_ERRORS,
  BundleSchema,
  ExportJobPath,
  errorResponses,
  StartExportBody,
  StaticExportJobSchema,
} from "../schemas.ts";

const TAGS = ["Static export"];
const SECURITY = [{ bearerAuth: [] }];

/** Static export (`/v1`, docs/api.md): start a job, follow it, get a fresh bundle link. */
export async function staticExportRoutes(
  app: FastifyInstance,
  options: { exports: StaticExportService; publicUrl: string | undefined },
): Promise<void> {
  const { exports, publicUrl } = options;

  app.post<{ Body: Static<typeof StartExportBody> }>(
    "/v1/static-export/jobs",
    {
      schema: {
        summary: "Start static export job",
        description: "Queues an export of the documentation domain. Enterprise plan only.",
        operationId: "startStaticExport",
        tags: TAGS,
        security: SECURITY,
        body: StartExportBody,
        response: {
          202: StaticExportJobSchema,
          ...errorResponses(
            ...BODY_ERRORS,
            "QUIRE_ERR_EXPORT_PLAN_REQUIRED",
            "QUIRE_ERR_EXPORT_DOMAIN_NOT_FOUND",
          ),
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await exports.start(request.principal.orgId, request.body)),
  );

  app.get<{ Params: Static<typeof ExportJobPath> }>(
    "/v1/static-export/jobs/:jobId",
    {
      schema: {
        summary: "Get static export job status",
        description: "The job's status; progress and pageCount grow while it runs.",
        operationId: "getStaticExport",
        tags: TAGS,
        security: SECURITY,
        params: ExportJobPath,
        response: {
          200: StaticExportJobSchema,
          ...errorResponses("QUIRE_ERR_EXPORT_JOB_NOT_FOUND"),
        },
      },
    },
    async (request) => exports.get(request.principal.orgId, request.params.jobId),
  );

  app.post<{ Params: Static<typeof ExportJobPath> }>(
    "/v1/static-export/jobs/:jobId/bundle",
    {
      schema: {
        summary: "Generate export bundle",
        description:
          "A fresh time-limited link to the job's single archive. The job and its archive stay reusable: call again for a new link.",
        operationId: "generateStaticExportBundle",
        tags: TAGS,
        security: SECURITY,
        params: ExportJobPath,
        response: {
          200: BundleSchema,
          ...errorResponses("QUIRE_ERR_EXPORT_JOB_NOT_FOUND", "QUIRE_ERR_EXPORT_NOT_COMPLETED"),
        },
      },
    },
    async (request) =>
      exports.bundle(request.principal.orgId, request.params.jobId, linkBase(request, publicUrl)),
  );
}
