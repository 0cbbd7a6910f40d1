export default function AgendaSchedulePage() {
  return <h1>Agenda Schedule</h1>;
}
