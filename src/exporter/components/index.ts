import { Accordion, AccordionGroup, Expandable } from "./accordion.ts";
import { Callout, Check, Danger, Info, Note, Tip, Warning } from "./callouts.ts";
import { Card, CardGroup, Column, Columns } from "./cards.ts";
import { CodeBlock } from "./code-block.ts";
import { CodeGroup, RequestExample, ResponseExample } from "./code-group.ts";
import { ParamField, ResponseField } from "./fields.ts";
import { GitHubRepo } from "./github.ts";
import { Heading } from "./heading.ts";
import { Badge, Color, ColorItem, ColorRow, Link, Mdx, Tooltip } from "./inline.ts";
import { Latex } from "./latex.ts";
import { Frame, Icon } from "./media.ts";
import { Panel } from "./panel.ts";
import { Prompt } from "./prompt.ts";
import { Step, Steps } from "./steps.ts";
import { Tab, Tabs } from "./tabs.ts";
import { Tile } from "./tile.ts";
import { Tree, TreeFile, TreeFolder } from "./tree.ts";
import type { Component } from "./types.ts";
import { Update } from "./update.ts";
import { View } from "./view.ts";
import { Visibility } from "./visibility.ts";

/** Every component Quire renders, by the JSX name pages use (Mintlify's names). */
const registry: Record<string, Component> = {
  Note,
  Tip,
  Info,
  Warning,
  Check,
  Danger,
  Callout,
  Card,
  CardGroup,
  Columns,
  Column,
  Tabs,
  Tab,
  CodeGroup,
  RequestExample,
  ResponseExample,
  CodeBlock,
  Accordion,
  AccordionGroup,
  Expandable,
  Steps,
  Step,
  ParamField,
  ResponseField,
  Param: ParamField,
  Frame,
  Icon,
  Heading,
  Tooltip,
  Badge,
  Latex,
  Tree,
  FileTree: Tree,
  "Tree.Folder": TreeFolder,
  "Tree.File": TreeFile,
  Panel,
  Update,
  Tile,
  Color,
  "Color.Row": ColorRow,
  "Color.Item": ColorItem,
  View,
  Visibility,
  Prompt,
  "GitHub.Repo": GitHubRepo,
  // Mintlify's list of allowed components has this spelling too.
  "Github.Repo": GitHubRepo,
  Link,
  MDX: Mdx,
};

/** The component for a JSX element name, or undefined when Quire has none by that name. */
export function getComponent(name: string): Component | undefined {
  return Object.hasOwn(registry, name) ? registry[name] : undefined;
}

export function componentNames(): string[] {
  return Object.keys(registry).sort();
}
