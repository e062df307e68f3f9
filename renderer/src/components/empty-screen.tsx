export function EmptyScreen({ title, line }: { title: string; line: string }) {
  return (
    <section className="screen">
      <h1>{title}</h1>
      <p className="empty">{line}</p>
    </section>
  );
}
