import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { FieldError, QuireError } from "../../domain/errors.ts";
import { type Dashboard, formFields, sendHtml, viewerFrame } from "../context.ts";
import { formToken } from "../csrf.ts";
import { paths, safeNext, withQuery } from "../paths.ts";
import { clearCookie, cookieName, isSecure, readCookie, startSession } from "../session.ts";
import { accountPage, chooseOrgPage, invitationPage, signInPage } from "../views/auth.ts";

const NOTICES: Record<string, string> = {
  "signed-out": "You are signed out.",
  everywhere: "You are signed out everywhere: every session of your account has ended.",
  ended: "Your session has ended. Sign in again to go on.",
};

const ANONYMOUS = { dashboardAnonymous: true };

/** Sign-in and out, the account page, the organization chooser and invitation links. */
export async function authPages(app: FastifyInstance, dashboard: Dashboard): Promise<void> {
  const { users } = dashboard.services;
  const { assets, publicUrl } = dashboard;
  const hidden = { hide: true };

  /** Ends the session the browser brought, if any: signing in always starts a new one. */
  const dropPresentedSession = async (request: FastifyRequest) => {
    const presented = readCookie(request, cookieName("session", isSecure(request, publicUrl)));
    if (presented) await users.signOut(presented);
  };

  app.get("/", { schema: hidden }, async (request, reply) => {
    const viewer = request.viewer;
    if (!viewer) return reply.redirect(paths.signIn, 303);
    const query = request.query as { choose?: string };
    const [only] = viewer.memberships;
    if (viewer.memberships.length === 1 && only && !query.choose)
      return reply.redirect(paths.projects(only.orgId), 303);
    return sendHtml(
      reply,
      chooseOrgPage({ assets, viewer: viewerFrame(request), memberships: viewer.memberships }),
    );
  });

  app.get("/sign-in", { schema: hidden }, async (request, reply) => {
    const query = request.query as { next?: string; notice?: string };
    if (request.viewer) return reply.redirect(safeNext(query.next), 303);
    return sendHtml(
      reply,
      signInPage({
        assets,
        formToken: formToken(request, reply, publicUrl),
        next: query.next ? safeNext(query.next) : undefined,
        notice: query.notice ? NOTICES[query.notice] : undefined,
      }),
    );
  });

  app.post("/sign-in", { schema: hidden, config: ANONYMOUS }, async (request, reply) => {
    const fields = formFields(request);
    const email = fields.email ?? "";
    const next = fields.next ? safeNext(fields.next) : undefined;
    const again = (status: number, problem: string) =>
      sendHtml(
        reply,
        signInPage({
          assets,
          formToken: formToken(request, reply, publicUrl),
          email,
          next,
          problem,
        }),
        status,
      );
    try {
      const session = await users.signIn({
        email,
        password: fields.password ?? "",
        address: request.ip,
      });
      await dropPresentedSession(request);
      startSession(request, reply, session, publicUrl);
      return reply.redirect(next ?? paths.home, 303);
    } catch (error) {
      if (error instanceof QuireError && error.code === "QUIRE_ERR_SIGN_IN_FAILED")
        return again(401, "Wrong email or password.");
      if (error instanceof QuireError && error.code === "QUIRE_ERR_SIGN_IN_THROTTLED") {
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        return again(429, `${error.message[0]?.toUpperCase()}${error.message.slice(1)}.`);
      }
      throw error;
    }
  });

  const endSession = (request: FastifyRequest, reply: FastifyReply) => {
    const secure = isSecure(request, publicUrl);
    clearCookie(reply, cookieName("session", secure), secure);
  };

  app.post("/sign-out", { schema: hidden }, async (request, reply) => {
    if (request.viewer) await users.signOut(request.viewer.token);
    endSession(request, reply);
    return reply.redirect(withQuery(paths.signIn, { notice: "signed-out" }), 303);
  });

  app.post("/sign-out-everywhere", { schema: hidden }, async (request, reply) => {
    if (request.viewer) await users.signOutEverywhere(request.viewer.session.userId);
    endSession(request, reply);
    return reply.redirect(withQuery(paths.signIn, { notice: "everywhere" }), 303);
  });

  app.get("/account", { schema: hidden }, async (request, reply) => {
    const viewer = request.viewer;
    if (!viewer) return reply.redirect(withQuery(paths.signIn, { next: paths.account }), 303);
    return sendHtml(
      reply,
      accountPage({
        assets,
        viewer: viewerFrame(request),
        memberships: viewer.memberships,
        sessionCount: await users.sessionCount(viewer.session.userId),
        signedInAt: viewer.session.createdAt,
      }),
    );
  });

  const invitationView = async (
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    extra: { errors?: Record<string, string>; problem?: string } = {},
    status = 200,
  ) => {
    const opened = await users.openInvitation(token);
    return sendHtml(
      reply,
      invitationPage({
        assets,
        formToken: formToken(request, reply, publicUrl),
        token,
        orgName: opened.orgName,
        email: opened.invitation.email,
        role: opened.invitation.role,
        accountExists: opened.accountExists,
        ...extra,
      }),
      status,
    );
  };

  app.get("/invitation", { schema: hidden }, async (request, reply) => {
    const token = (request.query as { token?: string }).token ?? "";
    return invitationView(request, reply, token);
  });

  app.post("/invitation", { schema: hidden, config: ANONYMOUS }, async (request, reply) => {
    const fields = formFields(request);
    const token = fields.token ?? "";
    const opened = await users.openInvitation(token);
    const password = fields.password ?? "";
    if (!opened.accountExists && password !== (fields.confirm ?? ""))
      return invitationView(
        request,
        reply,
        token,
        { errors: { confirm: "the two passwords differ" } },
        400,
      );
    try {
      const session = await users.acceptInvitation(token, { password, address: request.ip });
      await dropPresentedSession(request);
      startSession(request, reply, session, publicUrl);
      return reply.redirect(paths.projects(opened.invitation.orgId), 303);
    } catch (error) {
      if (error instanceof FieldError)
        return invitationView(request, reply, token, { errors: { password: error.problem } }, 400);
      if (error instanceof QuireError && error.code === "QUIRE_ERR_SIGN_IN_FAILED")
        return invitationView(request, reply, token, { problem: "Wrong password." }, 401);
      if (error instanceof QuireError && error.code === "QUIRE_ERR_SIGN_IN_THROTTLED") {
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        return invitationView(request, reply, token, { problem: error.message }, 429);
      }
      throw error;
    }
  });
}
