import type { SearchDocument } from "../../../src/exporter/search/build-index.ts";

/** A few pages of a small documentation site, as the exporter hands them to search. */
export const SAMPLE_SITE: SearchDocument[] = [
  {
    path: "index",
    title: "Lumen documentation",
    description: "Schedule jobs that run on time, everywhere.",
    sections: [
      {
        anchor: "",
        heading: "",
        text: "Lumen runs scheduled jobs and retries the ones that fail.",
      },
    ],
  },
  {
    path: "guides/retries",
    title: "Retries",
    description: "How failed attempts are retried.",
    breadcrumb: ["Guides", "Reliability"],
    sections: [
      { anchor: "", heading: "", text: "When an attempt fails, Lumen waits and tries again." },
      { anchor: "back-off", heading: "Back-off", text: "The wait doubles each time, with jitter." },
      { anchor: "limits", heading: "Limits", text: "After five attempts a job is marked failed." },
      { anchor: "dead-letters", heading: "Dead letters", text: "Failed jobs are kept for a week." },
      { anchor: "alerts", heading: "Alerts", text: "A failed job can notify you." },
    ],
  },
  {
    path: "guides/schedules",
    title: "Schedules",
    breadcrumb: ["Guides"],
    sections: [
      {
        anchor: "intervals",
        heading: "Intervals",
        text: "Use every for a fixed interval between runs. Retries do not move the next run.",
      },
      {
        anchor: "time-zones",
        heading: "Time zones",
        text: "Schedules follow daylight saving time in their zone.",
      },
    ],
  },
  {
    path: "reference/theme",
    title: "Theme",
    sections: [
      { anchor: "colors", heading: "Colors", text: "Pick the accent color of the dashboard." },
    ],
  },
  {
    path: "fr/index",
    title: "Documentation de Lumen",
    sections: [{ anchor: "", heading: "", text: "Des tâches planifiées, fiables." }],
  },
];
