import { useState } from "react";
import type { User } from "../src/shared/types";
import { client, errorMessage } from "./api";

export interface LoginTestProps {
  environment: string;
  user: User | null;
}

/** /login-test: exercise login, registration and logout against the real API. */
export default function LoginTest({ environment, user: initialUser }: LoginTestProps) {
  const [user, setUser] = useState(initialUser);
  const [lastAction, setLastAction] = useState("None");
  const [form, setForm] = useState({ username: "testuser", password: "password123", inviteCode: "" });

  async function run(action: string, call: () => Promise<User | null>) {
    try {
      setUser(await call());
      setLastAction(`${action} succeeded`);
    } catch (error) {
      setLastAction(`${action} failed: ${errorMessage(error, "network error")}`);
    }
  }

  const credentials = { username: form.username, password: form.password };
  return (
    <div className="card stack">
      <dl className="facts">
        <dt>Environment</dt>
        <dd>{environment}</dd>
        <dt>User</dt>
        <dd>{user ? user.username : "Not logged in"}</dd>
        <dt>User ID</dt>
        <dd>{user ? user.id : "—"}</dd>
        <dt>Last action</dt>
        <dd data-testid="last-action">{lastAction}</dd>
      </dl>
      <div className="form">
        {(["username", "password", "inviteCode"] as const).map((field) => (
          <div className="field" key={field}>
            <label htmlFor={`test-${field}`}>{field === "inviteCode" ? "Invite code" : field[0]!.toUpperCase() + field.slice(1)}</label>
            <input
              id={`test-${field}`}
              type={field === "password" ? "password" : "text"}
              value={form[field]}
              onChange={(e) => setForm({ ...form, [field]: e.target.value })}
            />
          </div>
        ))}
      </div>
      <div className="row">
        <button
          className="button button--primary"
          type="button"
          onClick={() => run("Login", () => client.login.$post({ json: credentials }))}
        >
          Test Login
        </button>
        <button
          className="button button--secondary"
          type="button"
          onClick={() => run("Registration", () => client.register.$post({ json: { ...credentials, inviteCode: form.inviteCode } }))}
        >
          Test Registration
        </button>
        <button
          className="button button--outline"
          type="button"
          onClick={() =>
            run("Logout", async () => {
              await client.logout.$post();
              return null;
            })
          }
        >
          Test Logout
        </button>
      </div>
    </div>
  );
}
