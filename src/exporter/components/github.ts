import type { Element } from "hast";
import { h } from "hastscript";
import { text } from "./props.ts";
import type { Component } from "./types.ts";

/** `owner/name`, from a slug or a github.com address (with or without a path after the name). */
function repositorySlug(value: string): string | undefined {
  const match =
    /^(?:https?:\/\/(?:www\.)?github\.com\/)?([A-Za-z0-9][A-Za-z0-9-]{0,38})\/([A-Za-z0-9._-]{1,100}?)(?:\.git)?(?:[/?#].*)?$/.exec(
      value.trim(),
    );
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/**
 * A card linking to a public GitHub repository: `<GitHub.Repo repo="owner/name" />`.
 * Mintlify fills in the description, stars and forks from GitHub's API when the page loads;
 * a Quire page makes no request to another host, so the card names the repository only.
 */
export const GitHubRepo: Component = ({ props, context, position }) => {
  const given = text(props, "repo") ?? "";
  const slug = repositorySlug(given);
  if (!slug) {
    context.warn(
      `<GitHub.Repo> needs repo="owner/name" or a github.com address, got "${given}"`,
      position,
    );
    return [];
  }
  const [owner, name] = slug.split("/") as [string, string];
  const icon = context.icon("github", { size: 20, iconType: "brands" });
  const variant = text(props, "variant") === "flat" ? "flat" : "inset";
  return h(
    "a",
    {
      className: ["github-repo", `github-repo-${variant}`],
      href: `https://github.com/${slug}`,
      target: "_blank",
      rel: ["noopener", "noreferrer"],
    },
    [
      ...(icon ? [h("span", { className: ["github-repo-icon"] }, [icon])] : []),
      h("span", { className: ["github-repo-text"] }, [
        h("span", { className: ["github-repo-name"] }, [
          h("span", { className: ["github-repo-owner"] }, `${owner}/`),
          name,
        ]),
        h("span", { className: ["github-repo-host"] }, "github.com"),
      ]),
      h("span", { className: ["github-repo-arrow"], ariaHidden: "true" }, "↗"),
    ],
  ) as Element;
};
