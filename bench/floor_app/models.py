from django.db import models


class Parent(models.Model):
    name = models.CharField(max_length=40)

    def __str__(self) -> str:
        return self.name


class Child(models.Model):
    parent = models.ForeignKey(Parent, on_delete=models.CASCADE, related_name="children")
    number = models.PositiveIntegerField()
    body = models.JSONField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["parent", "number"], name="one_child_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.parent_id}/{self.number}"
