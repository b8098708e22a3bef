/** docs/product.md §2: the public route /ping shows the text Pong (a liveness check a person can open). */
export function PingPage() {
  return (
    <main className="p-6">
      <p>Pong</p>
    </main>
  );
}
