export default function SpeakersDirectoryPage() {
  return <h1>Speakers Directory</h1>;
}
