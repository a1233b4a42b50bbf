import type { FastifyInstance, FastifyRequest } from "fastify";
import { FieldError, QuireError } from "../../domain/errors.ts";
import { linkBase } from "../../http/link-base.ts";
import { type Dashboard, formFields, orgFrame, sendHtml } from "../context.ts";
import { paths, withQuery } from "../paths.ts";
import { keysPage, membersPage, removeMemberPage, revokeKeyPage } from "../views/settings.ts";

type OrgParams = { orgId: string };

/** Organization settings: the API keys page (with every project's ID), members and invitations. */
export async function settingsPages(app: FastifyInstance, dashboard: Dashboard): Promise<void> {
  const { admin, users } = dashboard.services;
  const hidden = { hide: true };

  const frame = (request: FastifyRequest) => orgFrame(request, dashboard);
  const orgOf = (request: FastifyRequest) => (request.params as OrgParams).orgId;
  const userOf = (request: FastifyRequest) => request.viewer?.session.userId as string;

  const renderKeys = async (
    request: FastifyRequest,
    extra: Partial<Parameters<typeof keysPage>[0]> = {},
  ) => {
    const orgId = orgOf(request);
    return keysPage({
      ...frame(request),
      keys: await admin.listApiKeys(orgId),
      projects: await admin.listProjects(orgId),
      done: (request.query as { done?: string }).done,
      ...extra,
    });
  };

  app.get("/settings/api-keys", { schema: hidden }, async (request, reply) =>
    sendHtml(reply, await renderKeys(request)),
  );

  app.post("/settings/api-keys", { schema: hidden }, async (request, reply) => {
    const orgId = orgOf(request);
    await users.requireManager(userOf(request), orgId);
    const name = (formFields(request).name ?? "").trim();
    if (name.length > 100)
      return sendHtml(
        reply,
        await renderKeys(request, { errors: { name: "must be at most 100 characters" }, name }),
        400,
      );
    const created = await admin.createApiKey(orgId, name || undefined);
    return sendHtml(
      reply,
      await renderKeys(request, {
        created: { name: created.name, key: created.key },
        done: undefined,
      }),
      201,
    );
  });

  const findKey = async (orgId: string, keyId: string) => {
    const key = (await admin.listApiKeys(orgId)).find((candidate) => candidate.id === keyId);
    if (!key) throw new QuireError("QUIRE_ERR_API_KEY_NOT_FOUND");
    return key;
  };

  app.get("/settings/api-keys/:keyId/revoke", { schema: hidden }, async (request, reply) => {
    const orgId = orgOf(request);
    await users.requireManager(userOf(request), orgId);
    const key = await findKey(orgId, (request.params as { keyId: string }).keyId);
    return sendHtml(reply, revokeKeyPage({ ...frame(request), key }));
  });

  app.post("/settings/api-keys/:keyId/revoke", { schema: hidden }, async (request, reply) => {
    const orgId = orgOf(request);
    await users.requireManager(userOf(request), orgId);
    await admin.revokeApiKey((request.params as { keyId: string }).keyId, orgId);
    return reply.redirect(withQuery(paths.keys(orgId), { done: "key-revoked" }), 303);
  });

  const renderMembers = async (
    request: FastifyRequest,
    extra: Partial<Parameters<typeof membersPage>[0]> = {},
  ) => {
    const orgId = orgOf(request);
    return membersPage({
      ...frame(request),
      members: await users.listMembers(orgId),
      invitations: await users.listInvitations(orgId),
      done: (request.query as { done?: string }).done,
      ...extra,
    });
  };

  app.get("/settings/members", { schema: hidden }, async (request, reply) =>
    sendHtml(reply, await renderMembers(request)),
  );

  /** A refused change to a member is shown on the members page, above the list. */
  const memberChange = async (
    request: FastifyRequest,
    change: () => Promise<void>,
    done: string,
  ): Promise<{ redirect: string } | { status: number; page: string }> => {
    try {
      await change();
      return { redirect: withQuery(paths.members(orgOf(request)), { done }) };
    } catch (error) {
      if (
        error instanceof QuireError &&
        (error.code === "QUIRE_ERR_MEMBER_CONFLICT" || error.code === "QUIRE_ERR_FORBIDDEN")
      )
        return {
          status: error.status,
          page: await renderMembers(request, { problem: error.message, done: undefined }),
        };
      if (error instanceof FieldError)
        return {
          status: 400,
          page: await renderMembers(request, { problem: error.problem, done: undefined }),
        };
      throw error;
    }
  };

  app.post("/settings/members/:userId/role", { schema: hidden }, async (request, reply) => {
    const orgId = orgOf(request);
    const userId = (request.params as { userId: string }).userId;
    const result = await memberChange(
      request,
      () => users.changeRole(userOf(request), orgId, userId, formFields(request).role ?? ""),
      "role-changed",
    );
    if ("redirect" in result) return reply.redirect(result.redirect, 303);
    return sendHtml(reply, result.page, result.status);
  });

  app.get("/settings/members/:userId/remove", { schema: hidden }, async (request, reply) => {
    const orgId = orgOf(request);
    await users.requireManager(userOf(request), orgId);
    const userId = (request.params as { userId: string }).userId;
    const member = (await users.listMembers(orgId)).find((each) => each.userId === userId);
    if (!member) throw new QuireError("QUIRE_ERR_MEMBER_NOT_FOUND");
    return sendHtml(reply, removeMemberPage({ ...frame(request), member }));
  });

  app.post("/settings/members/:userId/remove", { schema: hidden }, async (request, reply) => {
    const orgId = orgOf(request);
    const userId = (request.params as { userId: string }).userId;
    const result = await memberChange(
      request,
      () => users.removeMember(userOf(request), orgId, userId),
      "member-removed",
    );
    if ("redirect" in result)
      return reply.redirect(userId === userOf(request) ? paths.home : result.redirect, 303);
    return sendHtml(reply, result.page, result.status);
  });

  app.post("/settings/invitations", { schema: hidden }, async (request, reply) => {
    const orgId = orgOf(request);
    const fields = formFields(request);
    const values = { email: fields.email ?? "", role: fields.role ?? "member" };
    try {
      const { invitation, token } = await users.invite(userOf(request), orgId, values);
      return sendHtml(
        reply,
        await renderMembers(request, {
          invited: {
            email: invitation.email,
            link: `${linkBase(request, dashboard.publicUrl)}${paths.invitation(token)}`,
          },
          done: undefined,
        }),
        201,
      );
    } catch (error) {
      if (error instanceof FieldError)
        return sendHtml(
          reply,
          await renderMembers(request, {
            errors: { [error.field]: error.problem },
            values,
            done: undefined,
          }),
          400,
        );
      throw error;
    }
  });

  app.post(
    "/settings/invitations/:invitationId/revoke",
    { schema: hidden },
    async (request, reply) => {
      const orgId = orgOf(request);
      await users.revokeInvitation(
        userOf(request),
        orgId,
        (request.params as { invitationId: string }).invitationId,
      );
      return reply.redirect(withQuery(paths.members(orgId), { done: "invitation-revoked" }), 303);
    },
  );
}
