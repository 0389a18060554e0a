import os

import pytest
from django.conf import settings

from rookclub.tasks import ping


def test_without_redis_tasks_run_eagerly_in_this_process():
    if settings.REDIS_URL:
        pytest.skip("REDIS_URL is set: tasks go to a worker")

    result = ping.delay("hello").get(timeout=1)

    assert result["token"] == "hello"
    assert result["pid"] == os.getpid()


@pytest.mark.django_db(transaction=True)
def test_a_task_makes_the_round_trip_through_redis_and_a_worker_process(require_worker):
    result = ping.delay("round-trip").get(timeout=30)

    assert result["token"] == "round-trip"
    assert result["pid"] != os.getpid(), "the task ran in the test process, not a worker"


@pytest.mark.django_db
def test_delay_on_commit_waits_for_the_transaction(django_capture_on_commit_callbacks):
    """Every task has Celery's Django ``delay_on_commit`` (the app's task class is
    Celery's DjangoTask): what follows a write is sent once the write commits."""
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        ping.delay_on_commit("later")

    assert len(callbacks) == 1
    assert callbacks[0].func == ping.delay and callbacks[0].args == ("later",)


def test_print_batches_are_acknowledged_late_and_put_back_when_a_worker_is_lost():
    """What the real-worker tests in tests/print/test_job_redelivery.py rely on."""
    from rookclub.celery import app
    from rookclub.printing.tasks import render_batch

    assert render_batch.acks_late and render_batch.reject_on_worker_lost
    assert app.conf.worker_prefetch_multiplier == 1
    options = app.conf.broker_transport_options
    assert options["visibility_timeout"] == settings.CELERY_VISIBILITY_TIMEOUT
    assert settings.CELERY_VISIBILITY_TIMEOUT > 2 * settings.PRINT_JOB_STALL_SECONDS, (
        "a task retried after the stall time must not outlive the visibility timeout"
    )


def test_batch_prints_go_to_the_print_queue_with_time_limits_and_the_rest_to_the_default():
    """print workers (-Q print) take batches; the default workers the rest."""
    from rookclub.celery import app
    from rookclub.printing.tasks import render_batch

    router = app.amqp.router
    assert router.route({}, render_batch.name)["queue"].name == "print"
    assert router.route({}, ping.name)["queue"].name == app.conf.task_default_queue == "celery"
    assert render_batch.soft_time_limit == settings.PRINT_TASK_SOFT_TIME_LIMIT
    assert render_batch.time_limit == settings.PRINT_TASK_TIME_LIMIT
    assert (
        render_batch.soft_time_limit
        < render_batch.time_limit
        < (settings.CELERY_VISIBILITY_TIMEOUT)
    )
