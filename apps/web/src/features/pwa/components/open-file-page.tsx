export default function Page() {
  return <div className="p-8">open-file-page</div>;
}
