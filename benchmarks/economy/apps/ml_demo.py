"""A Gradio demo: a model-demo page whose result comes back over a queue, seconds later.

A small dose calculator written with Gradio's Blocks API: a medicine dropdown
(Gradio's own listbox, not a native select), a "Weight (kg)" number, a patient
textbox and a "Calculate" button. The button's function sleeps 1.2 s, as a model
would, appends the call to a JSON-lines log in the app's folder and returns a
sentence naming the patient. Gradio sends the call through its queue and the
result back as server-sent events, so the page shows it well after the click
was answered. It runs in a child process (``python demo.py PORT``, analytics
off) so Gradio never loads into the benchmark; the check reads the log back.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from benchmarks.economy.apps._base import ProcessApp, require

__all__ = ["MlDemo"]

CALLS = "calls.jsonl"
"""The file, in the app's folder, the demo appends every calculation to."""

_DEMO = """\
import json
import sys
import time
from pathlib import Path

import gradio as gr

CALLS = Path(__file__).with_name("calls.jsonl")
# mg per kg of body weight, and the most one dose may hold.
MEDICINES = {
    "Amoxicillin": (25, 1000), "Azithromycin": (10, 500), "Cetirizine": (0.25, 10),
    "Ibuprofen": (10, 400), "Omeprazole": (1, 40), "Paracetamol": (15, 1000),
    "Prednisolone": (1, 60),
}


def calculate(medicine, weight, patient):
    time.sleep(1.2)  # what a model would take
    if not medicine or not weight or not patient:
        return "Choose a medicine and give the patient's name and weight."
    per_kg, most = MEDICINES[medicine]
    dose = min(per_kg * weight, most)
    call = {"medicine": medicine, "weight": weight, "patient": patient, "dose_mg": dose}
    with CALLS.open("a") as log:
        log.write(json.dumps(call) + "\\n")
    return f"Dose for {patient}: {dose:g} mg of {medicine} ({weight:g} kg)"


with gr.Blocks(title="Dose calculator", analytics_enabled=False) as demo:
    gr.Markdown("# Dose calculator")
    medicine = gr.Dropdown(list(MEDICINES), label="Medicine", value=None)
    weight = gr.Number(label="Weight (kg)", value=None, minimum=1, maximum=200)
    patient = gr.Textbox(label="Patient")
    button = gr.Button("Calculate", variant="primary")
    result = gr.Textbox(label="Result", interactive=False)
    button.click(calculate, [medicine, weight, patient], result)

demo.queue().launch(
    server_name="127.0.0.1", server_port=int(sys.argv[1]), prevent_thread_lock=False,
    quiet=True,
)
"""


class MlDemo(ProcessApp):
    """Gradio's dose calculator: pick in a dropdown, fill two fields, read a queued result."""

    name = "Gradio"
    folder_prefix = "bk-economy-gradio-"
    ready_path = "/config"
    # Importing Gradio alone took 21 s on two loaded cores.
    ready_timeout_s = 120.0

    def start(self) -> None:
        """Write the demo and start it, with Gradio's analytics and version check off."""
        require("gradio", "Gradio")
        (self.folder / "demo.py").write_text(_DEMO)
        (self.folder / CALLS).touch()
        self.serve()

    def server_command(self) -> list[str]:
        return [sys.executable, "demo.py", str(self.port)]

    def server_env(self) -> dict[str, str]:
        # No analytics, no telemetry and no version check: the server reaches nothing
        # beyond 127.0.0.1.
        return {**os.environ, "GRADIO_ANALYTICS_ENABLED": "False", "HF_HUB_OFFLINE": "1"}

    def calls(self) -> list[dict[str, Any]]:
        """Every calculation the demo has logged."""
        lines = (self.folder / CALLS).read_text().splitlines()
        return [json.loads(line) for line in lines if line.strip()]
