export const UsageChart = ({ days }) => {
  const [data, setData] = React.useState([]);
  return <div className="usage-chart">{days} days of usage</div>;
};
