export default function Landing() {
  return <main>Pizarra</main>;
}
