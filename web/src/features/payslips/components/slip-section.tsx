/** One boxed part of a slip (支給, 控除, 勤怠…): a heading over label and value rows, a total last. */
export function SlipSection({
  title,
  rows,
  total,
}: {
  title: string;
  rows: readonly { label: string; value: string }[];
  total?: { label: string; value: string };
}) {
  const id = `slip-section-${title}`;
  return (
    <section className="slip-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <table>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
          {total ? (
            <tr className="slip-section__total">
              <th scope="row">{total.label}</th>
              <td>{total.value}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}

export const yen = (amount: number) => `${amount.toLocaleString('ja-JP')} 円`;
