"""One outcome table (referee/web/errors.py): one answer per situation, whether the
API, a phone's outbox replaying a form, or a page asks."""

from __future__ import annotations

from referee.web import errors

DART = {"type": "dart", "dart": "T20"}


def test_each_problem_type_is_documented_and_titled_once():
    rows = [v for v in vars(errors).values() if isinstance(v, errors.Outcome)]
    typed = {o.slug for o in rows} - {"about:blank"}
    assert typed <= set(errors.PROBLEMS)
    for slug in typed:
        statuses = {o.status for o in rows if o.slug == slug}
        assert len(statuses) <= 2, slug  # idempotency-key: 400 (header), 409
    titles = [o.title for o in rows if o.slug != "idempotency-key"]
    assert len(titles) == len(set(titles))


def test_a_refusal_is_the_same_problem_from_the_api_and_from_an_outbox(
    api, client, app
):
    match = api.create("darts-301")
    for _ in range(3):
        api.event(match["id"], DART)
    # undoing an event that is not in the log is refused on both routes
    refused = []
    answer = client.post(
        f"/api/v1/matches/{match['id']}/undo",
        json={"target": 99},
        headers=api.headers(match["id"]),
    )
    refused.append(answer)
    phone = app.test_client()
    phone.get(f"/m/{match['id']}/join/{match['edit_key']}")
    outbox = phone.post(
        f"/m/{match['id']}/undo",
        data={"idem": "u-1", "seq": 3, "target": "99"},
        headers={"Accept": "application/json"},
    )
    refused.append(outbox)
    for response in refused:
        assert response.status_code == 409
        body = response.get_json()
        assert body["type"] == "/api/v1/problems/refused"
        assert body["title"] == errors.REFUSED.title == "Refused by the rules"
        assert body["ruling"]["verdict"] == "illegal"
    assert refused[0].get_json()["detail"] == refused[1].get_json()["detail"]


def test_a_stale_write_is_the_same_problem_from_the_api_and_from_an_outbox(
    api, client, app
):
    match = api.create("darts-301")
    api.event(match["id"], DART)
    stale = client.post(
        f"/api/v1/matches/{match['id']}/events",
        json={"event": DART, "expected_seq": 0},
        headers=api.headers(match["id"]),
    )
    phone = app.test_client()
    phone.get(f"/m/{match['id']}/join/{match['edit_key']}")
    outbox = phone.post(
        f"/m/{match['id']}/events",
        data={"idem": "t-1", "seq": 0, "type": "dart", "dart": "T20"},
        headers={"Accept": "application/json"},
    )
    for response in (stale, outbox):
        assert response.status_code == 409
        body = response.get_json()
        assert (body["type"], body["title"]) == (
            "/api/v1/problems/stale",
            "Stale expected_seq",
        )
        assert body["seq"] == 1


def test_a_correction_sent_again_with_its_key_and_another_body_is_409(api, app):
    match = api.create("darts-301")
    api.event(match["id"], DART)
    api.event(match["id"], DART)
    phone = app.test_client()
    phone.get(f"/m/{match['id']}/join/{match['edit_key']}")
    form = {"idem": "fix-1", "seq": 2, "type": "dart", "dart": "S5", "confirmed": "1"}
    first = phone.post(f"/m/{match['id']}/log/1/edit", data=form)
    assert first.status_code in (302, 303)
    # the same page's key again, for another event: not recorded, a conflict
    again = phone.post(f"/m/{match['id']}/log/2/edit", data={**form, "seq": 3})
    assert again.status_code == errors.KEY_REUSED.status == 409
    assert "not recorded" in again.get_data(as_text=True)
