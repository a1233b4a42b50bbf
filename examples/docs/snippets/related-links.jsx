/*
 * "Read next" links at the end of a page, each with an optional badge. Used on many pages,
 * each giving its own list: the labels and badges come from the props.
 */
const BADGE_COLORS = {
  new: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200",
  beta: "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200",
  pro: "bg-indigo-100 text-indigo-800 dark:bg-indigo-900/40 dark:text-indigo-200",
};

const badgeClass = (badge) =>
  `rounded-full px-2 py-0.5 text-xs font-medium ${BADGE_COLORS[badge.toLowerCase()] ?? BADGE_COLORS.new}`;

export const RelatedLinks = ({ title = "Read next", links = [] }) => (
  <nav
    className="related-links not-prose mt-8 rounded-xl border border-gray-200 p-4 dark:border-gray-700"
    aria-label={title}
  >
    <p className="mb-2 text-sm font-semibold">{title}</p>
    <ul className="space-y-1">
      {links.map((link) => (
        <li key={link.href} className="flex items-center gap-2">
          <a href={link.href} className="font-medium text-indigo-600 dark:text-indigo-300">
            {link.label}
          </a>
          {link.badge ? <span className={badgeClass(link.badge)}>{link.badge}</span> : null}
        </li>
      ))}
    </ul>
  </nav>
);
