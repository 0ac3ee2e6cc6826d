"""The tutor's packages: tutor* from tutor/, and the repository's lessons/ as tutor.lessons (package data).

People edit lessons/ at the top of the repository; an installed tutor (a wheel: the static site's, a pip install)
carries them as tutor/lessons and finds them there (tutor.core.scenario.lessons_root). An editable install and a
checkout read lessons/ itself. Everything else about the package is in pyproject.toml.
"""

from setuptools import find_packages, setup

setup(packages=find_packages(include=["tutor*"]) + ["tutor.lessons"], package_dir={"tutor.lessons": "lessons"})
