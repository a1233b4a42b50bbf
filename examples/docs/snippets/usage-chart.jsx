/** Runs per day as a bar chart drawn with plain elements; the values show on request. */
export const UsageChart = ({ days }) => {
  const [showValues, setShowValues] = React.useState(false);
  const runs = React.useMemo(
    () => Array.from({ length: days }, (_, day) => 40 + ((day * 37) % 60)),
    [days],
  );
  const highest = Math.max(...runs);
  return (
    <figure className="usage-chart not-prose">
      <div className="flex h-24 items-end gap-[2px]" role="img" aria-label={`${days} days of usage`}>
        {runs.map((count, day) => (
          <div
            key={day}
            className="flex-1 rounded-t bg-indigo-400 dark:bg-indigo-500"
            style={{ height: `${Math.round((count / highest) * 100)}%` }}
            title={showValues ? `Day ${day + 1}: ${count} runs` : undefined}
          />
        ))}
      </div>
      <figcaption className="mt-2 flex items-center justify-between text-sm">
        <span>{days} days of usage</span>
        <button type="button" className="underline" onClick={() => setShowValues(!showValues)}>
          {showValues ? "Hide values" : "Show values"}
        </button>
      </figcaption>
      {showValues ? <p className="mt-1 text-xs">Busiest day: {highest} runs</p> : null}
    </figure>
  );
};
