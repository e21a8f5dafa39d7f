/** A 48 px round avatar with the person's family name's first letter. */
export function Avatar({ name }: { name: string }) {
  return (
    <span className="person-avatar" aria-hidden="true">
      {Array.from(name.trim())[0] ?? ''}
    </span>
  );
}
