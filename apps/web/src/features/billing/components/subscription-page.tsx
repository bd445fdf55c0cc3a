export default function Page() {
  return <div className="p-8">subscription-page</div>;
}
