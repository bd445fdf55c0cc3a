export default function Page() {
  return <div className="p-8">share-page</div>;
}
