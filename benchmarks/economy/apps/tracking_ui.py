"""MLflow's tracking UI: an experiment's runs in a large grid, a page per run, hash routes.

Set-up logs one experiment of 60 training runs (three params, two metrics each)
through MLflow's own Python client into a sqlite store in a temporary folder, in
a child process; then ``mlflow server`` (uvicorn, one worker) serves that store
on 127.0.0.1. Each task run adds a run of its own through the server's REST API,
dated among the seeded ones so the grid shows it mid-list, and the check reads
the run back the same way. Nothing here imports MLflow: it runs in child
processes, and the benchmark speaks to it over HTTP.
"""

from __future__ import annotations

import json
import os
import sys
import time
import urllib.request
import zlib
from typing import Any

from benchmarks.economy.apps._base import ProcessApp, require, run_command

__all__ = ["TrackingUi"]

EXPERIMENT = "Economy sweep"
SEEDED_RUNS = 60
HOUR_MS = 3_600_000

_SEED = """\
import sys
import time

from mlflow.entities import Metric, Param
from mlflow.tracking import MlflowClient

EXPERIMENT, RUNS, HOUR_MS = sys.argv[2], int(sys.argv[3]), 3_600_000
client = MlflowClient(tracking_uri=sys.argv[1])
# An experiment of model training, not of GenAI traces: the UI opens its runs grid.
experiment = client.create_experiment(
    EXPERIMENT, tags={"mlflow.experimentKind": "custom_model_development"}
)
now = int(time.time() * 1000)
for n in range(RUNS):
    start = now - (RUNS - n) * HOUR_MS
    run = client.create_run(experiment, start_time=start, run_name=f"sweep-{n + 1:02d}")
    spread = n * 37 % RUNS
    client.log_batch(
        run.info.run_id,
        metrics=[
            Metric("accuracy", round(0.7 + spread / 250, 4), start, 0),
            Metric("loss", round(1.2 - spread / 80, 4), start, 0),
        ],
        params=[
            Param("learning_rate", str([0.1, 0.03, 0.01, 0.003, 0.001][n % 5])),
            Param("batch_size", str([16, 32, 64][n % 3])),
            Param("optimizer", ["adam", "sgd"][n % 2]),
        ],
    )
    client.set_terminated(run.info.run_id, end_time=start + 60_000 + n * 1_000)
print(experiment)
"""


def trial_accuracy(tag: str) -> str:
    """The accuracy logged for the run tagged ``tag``, as the UI prints it (three
    decimals, the last never 0, so no trailing zero is dropped)."""
    d = zlib.crc32(tag.encode()) % 81
    return f"0.9{d // 9}{d % 9 + 1}"


class TrackingUi(ProcessApp):
    """MLflow's tracking server and UI over a seeded sqlite store."""

    name = "MLflow"
    folder_prefix = "bk-economy-mlflow-"
    ready_path = "/health"
    # The server imports pandas, scikit-learn and more before it answers: 40 s and
    # over on two loaded cores.
    ready_timeout_s = 180.0

    def __init__(self) -> None:
        super().__init__()
        self.experiment_id = ""

    @property
    def store(self) -> str:
        return f"sqlite:///{self.folder / 'mlflow.db'}"

    def start(self) -> None:
        """Log the seeded runs through MLflow's client, then serve the store."""
        require("mlflow", "MLflow")
        (self.folder / "seed.py").write_text(_SEED)
        args = [sys.executable, "seed.py", self.store, EXPERIMENT, str(SEEDED_RUNS)]
        run_command(args, self.folder, "logging MLflow's seed runs", self.server_env())
        self.serve()
        self.experiment_id = self._experiment_id()

    def server_env(self) -> dict[str, str]:
        # No job runner (seven background workers the UI does not need here), no
        # usage reports.
        return {
            **os.environ,
            "MLFLOW_SERVER_ENABLE_JOB_EXECUTION": "false",
            "MLFLOW_DISABLE_TELEMETRY": "true",
            "DO_NOT_TRACK": "true",
        }

    def server_command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "mlflow",
            "server",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--backend-store-uri",
            self.store,
            "--default-artifact-root",
            str(self.folder / "artifacts"),
            "--workers",
            "1",
        ]

    def _api(self, method: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        """One call of MLflow's REST API (``method`` such as ``runs/create``)."""
        url = self.url(f"/api/2.0/mlflow/{method}")
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=15) as answer:
            found: dict[str, Any] = json.load(answer)
        return found

    def _experiment_id(self) -> str:
        found = self._api("experiments/get-by-name?experiment_name=" + EXPERIMENT.replace(" ", "+"))
        return str(found["experiment"]["experiment_id"])

    def add_trial(self, name: str, accuracy: str) -> str:
        """Log a finished run called ``name`` dated amid the seeded ones; its id."""
        start = int(time.time() * 1000) - (SEEDED_RUNS // 2) * HOUR_MS - HOUR_MS // 2
        body = {"experiment_id": self.experiment_id, "run_name": name, "start_time": start}
        run_id = str(self._api("runs/create", body)["run"]["info"]["run_id"])
        metrics = [
            {"key": "accuracy", "value": float(accuracy), "timestamp": start, "step": 0},
            {"key": "loss", "value": 0.21, "timestamp": start, "step": 0},
        ]
        params = [
            {"key": "learning_rate", "value": "0.003"},
            {"key": "batch_size", "value": "32"},
            {"key": "optimizer", "value": "adam"},
        ]
        self._api("runs/log-batch", {"run_id": run_id, "metrics": metrics, "params": params})
        done = {"run_id": run_id, "status": "FINISHED", "end_time": start + 90_000}
        self._api("runs/update", done)
        return run_id

    def run_name(self, run_id: str) -> str:
        """The run's name as the server stores it."""
        found = self._api(f"runs/get?run_id={run_id}")
        return str(found["run"]["info"]["run_name"])
