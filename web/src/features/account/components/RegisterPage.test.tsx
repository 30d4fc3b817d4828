import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { RegisterPage } from './RegisterPage';

function fill() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-password' } });
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'newreader' } });
  fireEvent.click(screen.getByRole('button', { name: 'Register' }));
}

describe('RegisterPage', () => {
  it("on success shows the message, clears e-mail and username but not the password, and the link reads 'Go to Login'", async () => {
    const fetchMock = stubFetch(() => json(200, { success: true, message: 'Registration successful! Please check your e-mail to verify your account.' }));
    renderWithProviders(<RegisterPage />, '/user/register');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/user/login');
    fill();
    expect(await screen.findByRole('status')).toHaveTextContent('Registration successful! Please check your e-mail to verify your account.');
    expect(bodyOf(fetchMock, '/api/user/register')).toEqual({ email: 'new@example.com', password: 'a-long-password', username: 'newreader', honeypot: '' });
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Username')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('a-long-password');
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/user/login');
  });

  it("shows a refusal verbatim and keeps the link 'Login'", async () => {
    stubFetch(() => json(400, { statusCode: 400, success: false, message: 'This username is already taken. Please choose another one.' }));
    renderWithProviders(<RegisterPage />, '/user/register');
    fill();
    expect(await screen.findByRole('alert')).toHaveTextContent('This username is already taken. Please choose another one.');
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it("shows 'An error occurred. Please try again.' when the server gives no message", async () => {
    stubFetch(() => new Response('Bad Gateway', { status: 502 }));
    renderWithProviders(<RegisterPage />, '/user/register');
    fill();
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
  });
});
