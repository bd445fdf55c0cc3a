export default function Page() {
  return <div className="p-8">profile-page</div>;
}
