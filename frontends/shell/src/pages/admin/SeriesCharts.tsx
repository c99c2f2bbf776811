import { useQuery } from '@tanstack/react-query';
import Table from 'react-bootstrap/Table';
import { SERIES_METRICS, SERIES_DAYS_DEFAULT } from '@vellum/proto/api';
import { longDate } from '../hall/hallTexts';
import { adminApi, adminKeys } from './adminApi';
import { adminTexts, chartGroups, metricLabels } from './adminTexts';
import { SeriesChart } from './SeriesChart';

/** The daily series of the last 90 days: a chart per group of metrics, and the same numbers as a table. */
export default function SeriesCharts() {
  const series = useQuery({
    queryKey: adminKeys.series(SERIES_DAYS_DEFAULT),
    queryFn: () => adminApi.series(SERIES_DAYS_DEFAULT),
  });
  if (series.isPending) return <p role="status">{adminTexts.loading}</p>;
  if (series.isError) return <p role="alert">{adminTexts.chartsFailed}</p>;
  const days = series.data.days;
  return (
    <section className="mb-4" aria-labelledby="admin-charts">
      <h2 className="h4" id="admin-charts">
        {adminTexts.chartsHeading}
      </h2>
      <div className="row">
        {chartGroups.map((group) => (
          <div className="col-lg-6" key={group.title}>
            <SeriesChart title={group.title} metrics={group.metrics} days={days} />
          </div>
        ))}
      </div>
      <details>
        <summary>{adminTexts.showTable}</summary>
        <div className="table-responsive">
          <Table size="sm" aria-label={adminTexts.chartsHeading}>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {SERIES_METRICS.map((m) => (
                  <th scope="col" key={m}>
                    {metricLabels[m]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row">{longDate(`${d.day}T12:00:00Z`)}</th>
                  {SERIES_METRICS.map((m) => (
                    <td key={m}>{d[m].toLocaleString('en-US')}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </details>
    </section>
  );
}
