/** A pricing plan: name, price and what it includes; the highlighted one stands out. */
interface PlanCardProps {
  name: string;
  price: string;
  features: string[];
  highlighted?: boolean;
}

export const PlanCard = ({ name, price, features, highlighted = false }: PlanCardProps) => (
  <div
    className={`plan-card not-prose min-w-[12rem] rounded-[14px] border p-5 ${
      highlighted
        ? "border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950"
        : "border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-900"
    }`}
  >
    <p className="text-sm font-semibold uppercase tracking-wide text-gray-500 dark:text-gray-400">{name}</p>
    <p className="mt-1 text-[1.75rem] font-bold">{price}</p>
    <ul className="mt-3 space-y-1 text-sm">
      {features.map((feature) => (
        <li key={feature}>✓ {feature}</li>
      ))}
    </ul>
  </div>
);

/** What the Business plan includes: data a page passes by name (`features={BUSINESS_FEATURES}`). */
export const BUSINESS_FEATURES = ["Unlimited jobs", "Webhooks", "SSO"];
